"""The admin theme's own words (django-unfold ships no pt-BR, es or ca catalogue): marked here so that
`makemessages` puts them in the staff catalogues, which Django reads before any app's (LOCALE_PATHS)."""

from django.utils.translation import gettext_noop, ngettext_lazy

THEME_WORDS = [
    gettext_noop('Add row'),
    gettext_noop('After you'),
    gettext_noop('All applications'),
    gettext_noop('Apply Filters'),
    gettext_noop('Filters'),
    gettext_noop('Cancel'),
    gettext_noop('Choose file to upload'),
    gettext_noop('Click to cancel'),
    gettext_noop('Click to download'),
    gettext_noop('Dark'),
    gettext_noop('Date'),
    gettext_noop('Expand row'),
    gettext_noop('False'),
    gettext_noop('Forgotten your password or username?'),
    gettext_noop('General'),
    gettext_noop('Go back'),
    gettext_noop('Hide counts'),
    gettext_noop('Image preview'),
    gettext_noop('Light'),
    gettext_noop('Loading more results...'),
    gettext_noop('More actions'),
    gettext_noop('Next'),
    gettext_noop('No data'),
    gettext_noop('No recent searches'),
    gettext_noop('No results found'),
    gettext_noop('No results matching your query'),
    gettext_noop('Show counts'),
    gettext_noop('Previous'),
    gettext_noop('Recent searches'),
    gettext_noop('Record picture'),
    gettext_noop('Reset filters'),
    gettext_noop('Return to site'),
    gettext_noop('Run'),
    gettext_noop('Search apps and models...'),
    gettext_noop('Select action'),
    gettext_noop('Select action to run'),
    gettext_noop('Select all rows'),
    gettext_noop('Select currency'),
    gettext_noop('Select record'),
    gettext_noop('Submit'),
    gettext_noop('System'),
    gettext_noop('This item will be deleted.'),
    gettext_noop('This page yielded into no results. Create a new item or reset your filters.'),
    gettext_noop('Toggle password visibility'),
    gettext_noop('True'),
    gettext_noop('Type to search'),
    gettext_noop('Welcome back to'),
    gettext_noop('You have been successfully logged out from the administration'),
    gettext_noop('Select value'),
    gettext_noop('Time'),
    gettext_noop('Dataset not found. No action performed.'),
    gettext_noop("After you've created a user, you’ll be able to edit more user options."),
    gettext_noop('Raw passwords are not stored, so there is no way to see this user’s password, but you can change '
                 'the password using <a href="{}" class="text-primary-600 dark:text-primary-500">this form</a>.'),
]

# Django's own words that its Catalan catalogue does not have yet (the user form's password choice).
DJANGO_WORDS = [
    gettext_noop("Password-based authentication"),
    gettext_noop("Enabled"),
    gettext_noop("Disabled"),
    gettext_noop("Whether the user will be able to authenticate using a password or not. If disabled, they may still be "
                 "able to authenticate using other backends, such as Single Sign-On or LDAP."),
]

# The theme's error note counts the form's errors: a plural message, which Django's own catalogues hold only as two
# singular ones (so Catalan readers of a refused sign-in saw "Please correct the error below.").
THEME_PLURALS = [ngettext_lazy("Please correct the error below.", "Please correct the errors below.", 1)]
