from django import forms


class ReplyForm(forms.Form):
    text = forms.CharField(widget=forms.Textarea(attrs={"rows": 3, "cols": 80}), max_length=4096, strip=True)


class ResolveForm(forms.Form):
    note = forms.CharField(widget=forms.TextInput(attrs={"size": 60}), required=False, max_length=2000, strip=True)
