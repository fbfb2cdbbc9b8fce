/// Why the store did not keep a save or unsave (`Effect.setSaved`, answered by `Action.saveRefused`).
public enum SaveRefusal: Hashable, Sendable {
    /// There is no local store (it could not be opened); why, naming its path, when known.
    case noStore(String?)
    /// The store opened for reading only; the store's own words say why (a read-only file, a full disk).
    case readOnly(String)
    /// Saving: the store holds no copy of the question to keep (its site was forgotten, or it was never kept).
    case notHeld
    /// The write failed; its error.
    case failed(String)
}

extension Reducer {
    /// The store did not do what `m` asked: the mark goes back as it was (the lists stop or go on starring the
    /// question) and the status line says why, as an error, instead of the "Saved: kept offline for good" it showed.
    static func saveRefused(site: String, questionID: Int, saved: Bool, _ refusal: SaveRefusal, _ state: inout AppState) -> [Effect] {
        guard site == state.shared.site else { return [] }
        if saved { state.shared.savedIDs.remove(questionID) } else { state.shared.savedIDs.insert(questionID) }
        let reason: String
        switch refusal {
        case .noStore(let why): reason = "there is no local store to keep it in" + (why.map { " (\($0))" } ?? "")
        case .readOnly(let why): reason = why
        case .notHeld:
            let reload = state.shared.keyName(.reload)
            reason = "the local store holds no copy of this question"
                + (reload.isEmpty ? "" : " — \(reload) loads it again, then \(state.shared.keyName(.toggleSaved)) keeps it")
        case .failed(let error): reason = "the local store could not be written (\(error))"
        }
        state.shared.setStatus((saved ? "Not saved: " : "Still saved: ") + reason, isError: true)
        return []
    }
}
