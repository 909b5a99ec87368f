"""The Book of Secrets: sandboxed Jinja, conditions, passages, routing of waypoints and contracts."""
