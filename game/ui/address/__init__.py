"""The address bar's room: links read as data, a challenge's result, a replay link."""
