"""The project's shape: module and function sizes, what it relies on of Flet, the installed wheel."""
