from django.utils import translation

from staff.selectors import staff_language


class StaffLanguageMiddleware:
    """Every page in the staff member's language (after AuthenticationMiddleware: the profile decides).

    Stands where Django's LocaleMiddleware would; customer pages choose their own wording (the customer catalogue)."""

    def __init__(self, get_response):
        self.get_response = get_response

    def __call__(self, request):
        language = staff_language(request)
        translation.activate(language)
        request.LANGUAGE_CODE = language
        response = self.get_response(request)
        response.headers.setdefault("Content-Language", language)
        translation.deactivate()
        return response


class ThemeScriptPolicyMiddleware:
    """Pages drawn in the admin theme may let Alpine.js (unfold's) evaluate its `x-*` attributes (`unsafe-eval`);
    still only this host's script files run there (no inline script). Every other page keeps the strict policy.
    Placed after django-csp's middleware, so its response attribute is read on the way out."""

    def __init__(self, get_response):
        from django.conf import settings

        self.get_response = get_response
        self.prefixes = tuple(settings.MAGIE_THEMED_PATHS)

    def __call__(self, request):
        response = self.get_response(request)
        if request.path.startswith(self.prefixes):
            response._csp_update = {"script-src": ["'unsafe-eval'"]}
        return response
