"""The status of a page sent back with its form's errors.

422 (Unprocessable Content), never 400 or 404: htmx swaps a 422 into the form that
asked (base.html's `htmx-config` `responseHandling`), while django-htmx's debug
script writes any 400, 403, 404 or 500 answer over the whole document, so a form
error under `make run` used to replace the page with an unstyled fragment.
"""

INVALID_FORM = 422
