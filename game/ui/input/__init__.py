"""The input room: a press, a tap or a drag, keys to places, and what each means."""
