"""A stand-in for the next release's migrations, for the tests and the bench of migrations over many schemas while
the platform serves: one column added to the table every turn writes (expand), then dropped (contract). The code
serving never knows the column, as the previous release's code would not.

Installed only by `tests.probe.settings` (PROBE_PHASE=expand|contract picks the migrations)."""
