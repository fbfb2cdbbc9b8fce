import AppCore
import CNcursesw

/// Turns curses inputs into `Key`s: a pure mapping that tests cover without a terminal.
public enum KeyDecoder {
    /// The key for one input, or nil when it is not a key the app knows (or is `KEY_RESIZE`).
    public static func key(for input: CursesInput) -> Key? {
        switch input {
        case .character(let value): return key(forCharacter: value)
        case .keyCode(let code): return key(forKeyCode: code)
        case .mouse(let event): return .mouse(event)
        }
    }

    /// The keys of a drained batch, its bracketed pastes (`paste` keeps their state from one read to the next)
    /// as `Key.paste`.
    public static func decode(_ inputs: [CursesInput], paste: inout BracketedPasteState) -> [Key] {
        paste.decoder.split(inputs).flatMap { piece -> [Key] in
            switch piece {
            case .inputs(let inputs): decode(inputs)
            case .pasted(let text): [.paste(text)]
            }
        }
    }

    /// The keys of a drained batch: Esc sequences that curses did not decode are dropped,
    /// Alt+key (Esc then a character in the same batch) is dropped, combining marks join the character before them.
    public static func decode(_ inputs: [CursesInput]) -> [Key] {
        var keys: [Key] = []
        var index = inputs.startIndex
        while index < inputs.endIndex {
            let input = inputs[index]
            if input == .escape, let end = EscapeSequence.end(in: inputs, escapeAt: index) {
                index = end
                continue
            }
            index += 1
            guard let key = key(for: input) else { continue }
            guard case .character(let character) = key else {
                keys.append(key)
                continue
            }
            if case .character(let base)? = keys.last, let joined = joining(base, character) {
                keys[keys.count - 1] = .character(joined)
            } else if !isCombining(character) {
                keys.append(key)
            }
        }
        return keys
    }

    static func key(forCharacter value: UInt32) -> Key? {
        switch value {
        case 0x09: return .tab
        case 0x0A, 0x0D: return .enter
        case 0x08, 0x7F: return .backspace
        case 0x1B: return .escape
        case 0x01...0x1A:
            return .control(Character(Unicode.Scalar(UInt8(0x60 + value))))
        case 0x00...0x1F, 0x80...0x9F:
            return nil
        default:
            guard let scalar = Unicode.Scalar(value) else { return nil }
            return .character(Character(scalar))
        }
    }

    static func key(forKeyCode code: Int32) -> Key? {
        if code > stackterm_key_f(0), code <= stackterm_key_f(12) {
            return .function(Int(code - stackterm_key_f(0)))
        }
        switch code {
        case KEY_UP: return .up
        case KEY_DOWN: return .down
        case KEY_LEFT: return .left
        case KEY_RIGHT: return .right
        case KEY_PPAGE, KEY_A3: return .pageUp
        case KEY_NPAGE, KEY_C3: return .pageDown
        case KEY_HOME, KEY_A1, KEY_FIND: return .home
        case KEY_END, KEY_C1, KEY_SELECT, KEY_LL: return .end
        case KEY_ENTER: return .enter
        case KEY_BACKSPACE: return .backspace
        case KEY_DC: return .delete
        default: return nil
        }
    }

    /// `base` with `next` appended when the two form one grapheme (a combining accent, a flag's second half).
    private static func joining(_ base: Character, _ next: Character) -> Character? {
        let combined = String(base) + String(next)
        return combined.count == 1 ? combined.first : nil
    }

    /// True for marks, joiners and variation selectors, which only mean something after another character.
    private static func isCombining(_ character: Character) -> Bool {
        guard let scalar = character.unicodeScalars.first else { return true }
        switch scalar.properties.generalCategory {
        case .nonspacingMark, .spacingMark, .enclosingMark, .format: return true
        default: return false
        }
    }
}
