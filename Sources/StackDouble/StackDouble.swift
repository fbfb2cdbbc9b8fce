// StackDouble module: see ARCHITECTURE.md
