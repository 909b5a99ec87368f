"""Turns engine events into text from templates in content files."""
