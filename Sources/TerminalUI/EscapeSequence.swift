/// Recognises escape sequences that curses passed through undecoded, so they never become typed characters.
enum EscapeSequence {
    /// Where input resumes after the Esc sequence starting at `start`, or nil when that Esc is a lone key press.
    static func end(in inputs: [CursesInput], escapeAt start: Int) -> Int? {
        let next = start + 1
        guard next < inputs.endIndex, case .character(let introducer) = inputs[next] else { return nil }
        switch introducer {
        case 0x5B: // "[" CSI: parameters and intermediates, then one final byte
            return endOfControlSequence(in: inputs, from: next + 1)
        case 0x4F: // "O" SS3: one more character
            return min(next + 2, inputs.endIndex)
        case 0x5D, 0x50, 0x5F, 0x5E: // "]" OSC, "P" DCS, "_" APC, "^" PM: until BEL or ST
            return endOfStringSequence(in: inputs, from: next + 1)
        case 0x20...0x7E:
            return next + 1 // Alt+character: not a key the app binds
        default:
            return nil
        }
    }

    private static func endOfControlSequence(in inputs: [CursesInput], from start: Int) -> Int {
        var index = start
        while index < inputs.endIndex {
            guard case .character(let value) = inputs[index] else { return index }
            if (0x40...0x7E).contains(value) { return index + 1 }
            if !(0x20...0x3F).contains(value) { return index }
            index += 1
        }
        return index
    }

    private static func endOfStringSequence(in inputs: [CursesInput], from start: Int) -> Int {
        var index = start
        while index < inputs.endIndex {
            guard case .character(let value) = inputs[index] else { return index }
            if value == 0x07 { return index + 1 }
            if value == 0x1B {
                let terminator = index + 1
                if terminator < inputs.endIndex, inputs[terminator] == .character(0x5C) { return terminator + 1 }
                return index
            }
            index += 1
        }
        return index
    }
}
