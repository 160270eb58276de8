"""Reads of the workspace: traces (`trace`) and dashboard figures (`dashboard`)."""
