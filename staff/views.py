"""The one page of a member's own: the language they read the back office in."""

from __future__ import annotations

from django import forms
from django.contrib import messages
from django.shortcuts import redirect
from django.template.response import TemplateResponse
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy
from unfold.widgets import UnfoldAdminSelectWidget

from magie.admin_sites import backoffice_site
from magie.choices import Language
from staff.models import StaffProfile
from staff.services import staff_language_set


class LanguageForm(forms.Form):
    language = forms.ChoiceField(label=gettext_lazy("Language of the back office"), required=False,
                                 widget=UnfoldAdminSelectWidget)

    def __init__(self, *args, organisation_language: str, **kwargs):
        super().__init__(*args, **kwargs)
        own = dict(Language.choices).get(organisation_language, organisation_language)
        field = self.fields["language"]
        assert isinstance(field, forms.ChoiceField)
        field.choices = [("", _("The organisation's (%(language)s)") % {"language": own}),
                                           *Language.choices]


def language(request):
    current = StaffProfile.objects.filter(user_id=request.user.pk).values_list("language", flat=True).first() or ""
    form = LanguageForm(request.POST or None, initial={"language": current},
                        organisation_language=request.tenant.language)
    if request.method == "POST" and form.is_valid():
        staff_language_set(user_id=request.user.pk, language=form.cleaned_data["language"])
        messages.success(request, _("Your language is saved."))
        return redirect("staff-language")
    context = {**backoffice_site.each_context(request), "title": _("Your language"), "form": form}
    return TemplateResponse(request, "staff/language.html", context)


language = backoffice_site.admin_view(language)
