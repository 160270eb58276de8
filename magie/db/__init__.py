"""The one place where Magie leans on private parts of Django, django-fsm and psycopg (with magie/queueing.py for
Celery's). Each module here says which internal it uses and has a test in tests/test_framework_seams.py that fails
loudly when a new release changes it; tests/test_framework_seams.py also scans the source so that no other module
uses one. `.ci/next-minors` runs the suite on the next Django and Celery minors."""
