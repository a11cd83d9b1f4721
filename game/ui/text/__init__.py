"""The words' room: the catalogs in the page's language, which language, query strings."""
