"""Card Thousand's commands, each imported only when it runs."""
