import AppCore

extension Keymap {
    /// This keymap with `overrides` applied: a command named there gets exactly those keys (its defaults are
    /// dropped; an empty list unbinds it), and a key given to a command there is taken away from any other command.
    /// Commands not named keep their keys, in the same order on the help screen.
    public func remapped(_ overrides: [Command: [Key]]) -> Keymap {
        guard !overrides.isEmpty else { return self }
        let taken = Set(overrides.values.joined())
        var remapped = bindings.map { binding in
            (command: binding.command, keys: overrides[binding.command] ?? binding.keys.filter { !taken.contains($0) })
        }
        let present = Set(bindings.map(\.command))
        for command in Command.allCases where !present.contains(command) {
            if let keys = overrides[command] { remapped.append((command: command, keys: keys)) }
        }
        return Keymap(remapped)
    }
}
