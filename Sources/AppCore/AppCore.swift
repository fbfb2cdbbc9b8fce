// AppCore module: see ARCHITECTURE.md
