// TerminalUI module: see ARCHITECTURE.md
