"""The REST API: event store models, services (writes), selectors (reads), views and tasks."""
