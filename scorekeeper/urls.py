from django.contrib import admin
from django.contrib.auth import views as auth_views
from django.urls import include, path

from scorekeeper.views.entry import round_edit, round_new, round_preview
from scorekeeper.views.home import home

urlpatterns = [
    path("", home, name="home"),
    path("games/<int:pk>/rounds/new/", round_new, name="round_new"),
    path("games/<int:pk>/rounds/<int:number>/edit/", round_edit, name="round_edit"),
    path("games/<int:pk>/rounds/preview/", round_preview, name="round_preview"),
    path("i18n/", include("django.conf.urls.i18n")),
    path("admin/", admin.site.urls),
    path("accounts/login/", auth_views.LoginView.as_view(), name="login"),
    path("accounts/logout/", auth_views.LogoutView.as_view(), name="logout"),
    path("leagues/", include("scorekeeper.leagues.urls")),
]
