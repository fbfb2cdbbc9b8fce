/// How a save or unsave the store is writing goes (`Effect.setSaved`, answered by `Action.saveProgress`).
public enum SaveProgress: Hashable, Sendable {
    /// It waits for the store's lock (an import or another program holds it); the words say which.
    case waiting(String)
    /// It is in the store.
    case kept
}

extension Reducer {
    /// The status line says "Saved" only once the store holds it: "Saving…" until then (`SavedListFeature.toggle`),
    /// with why while the store's lock is held by another program.
    static func saveProgress(site: String, saved: Bool, _ progress: SaveProgress, _ state: inout AppState) -> [Effect] {
        guard site == state.shared.site else { return [] }
        switch progress {
        case .waiting(let why):
            state.shared.setStatus((saved ? "Saving… (" : "Unsaving… (") + why + ")", isError: false)
        case .kept where saved:
            let key = state.shared.keyName(.showSaved)
            let hint = key.isEmpty ? "" : " — \(key) lists saved questions"
            state.shared.setStatus("Saved: kept offline for good" + hint, isError: false)
        case .kept:
            state.shared.setStatus("No longer saved", isError: false)
        }
        return []
    }
}
