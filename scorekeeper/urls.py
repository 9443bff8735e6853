from django.contrib import admin
from django.urls import include, path

from scorekeeper.views.home import home

urlpatterns = [
    path("", home, name="home"),
    path("i18n/", include("django.conf.urls.i18n")),
    path("admin/", admin.site.urls),
]
