extension Reducer {
    /// A key no prompt, picker or binding takes — one the config's `[keys]` unbound, or one never bound — says so
    /// instead of doing nothing in silence: "x is not bound to anything — see ? for the keys" (the help key as bound;
    /// left out when help has none). An information message: said at each press, so holding the key shows it once,
    /// and gone at the next command.
    static func unbound(_ key: Key, _ state: inout AppState) -> [Effect] {
        let help = state.shared.keyName(.help)
        state.status.commandStarts()
        state.shared.setStatus(key.label + " is not bound to anything" + (help.isEmpty ? "" : " — see \(help) for the keys"), isError: false)
        return []
    }
}
