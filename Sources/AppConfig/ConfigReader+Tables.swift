import AppCore
import TextEngine
import TOMLKit

extension ConfigReader {
    /// `[colors]`: role = "name" or 0–255.
    mutating func colors(_ table: TOMLTable) -> [CellColor: TerminalColor] {
        var colors: [CellColor: TerminalColor] = [:]
        for (name, value) in ordered(table, under: ["colors"]) {
            let path = ["colors", name]
            guard let role = CellColor(name: name) else {
                fail(path, .unknownColorRole(name, suggestion: Suggestion.closest(to: name, in: ConfigFile.colorRoleNames)))
                continue
            }
            if let number = value.int {
                guard let color = TerminalColor(index: number) else {
                    fail(path, .badColor(String(number), role: name))
                    continue
                }
                colors[role] = color
            } else if let text = value.string {
                guard let color = TerminalColor(name: text) ?? Int(text).flatMap(TerminalColor.init(index:)) else {
                    fail(path, .badColor(text, role: name))
                    continue
                }
                colors[role] = color
            } else {
                fail(path, .wrongType(key: "colors.\(name)", expected: "a colour name or a number", found: Self.describe(value)))
            }
        }
        return colors
    }

    /// `[keys]`: command = "key" or ["key", …]; a key may serve only one command here.
    mutating func keys(_ table: TOMLTable) -> [Command: [Key]] {
        var keys: [Command: [Key]] = [:]
        var owner: [Key: Command] = [:]
        for (name, value) in ordered(table, under: ["keys"]) {
            let path = ["keys", name]
            guard let command = Command(rawValue: name) else {
                let suggestion = Suggestion.closest(to: name, in: Command.allCases.map(\.rawValue))
                fail(path, .unknownCommand(name, suggestion: suggestion))
                continue
            }
            guard let names = keyNames(value, at: path) else { continue }
            var parsed: [Key] = []
            for keyName in names {
                guard let key = KeyName.parse(keyName) else {
                    fail(path, .unknownKeyName(keyName, command: name))
                    continue
                }
                if let other = owner[key], other != command {
                    fail(path, .keyBoundTwice(key: keyName, commands: [other.rawValue, name]))
                    continue
                }
                owner[key] = command
                if !parsed.contains(key) { parsed.append(key) }
            }
            keys[command] = parsed
        }
        return keys
    }

    private mutating func keyNames(_ value: TOMLValueConvertible, at path: [String]) -> [String]? {
        if let single = value.string { return [single] }
        guard let array = value.array, array.allSatisfy({ $0.string != nil }) else {
            let key = path.joined(separator: ".")
            fail(path, .wrongType(key: key, expected: "a key name or an array of key names", found: Self.describe(value)))
            return nil
        }
        return array.compactMap(\.string)
    }
}
