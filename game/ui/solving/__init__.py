"""The solver's room: the deal check and hints in slices, and the Web Worker's side."""
