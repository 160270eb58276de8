from django import forms
from django.utils.translation import gettext_lazy as _


class ReplyForm(forms.Form):
    text = forms.CharField(label=_("Reply to the customer"), max_length=4096, strip=True,
                           widget=forms.Textarea(attrs={"rows": 3, "cols": 60}))


class NoteForm(forms.Form):
    text = forms.CharField(label=_("Private note (staff only)"), max_length=4000, strip=True,
                           widget=forms.Textarea(attrs={"rows": 2, "cols": 60}))


class ResolveForm(forms.Form):
    note = forms.CharField(label=_("Resolution note (required)"), max_length=2000, strip=True,
                           widget=forms.TextInput(attrs={"size": 50}))
