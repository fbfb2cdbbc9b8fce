// Rendering module: see ARCHITECTURE.md
