import AppCore

/// Bracketed paste: once `enable` is written, the terminal wraps what is pasted in `ESC [ 200 ~` … `ESC [ 201 ~`.
/// `split` takes those markers out of each read and hands the text between them over whole, so a pasted line break
/// is never an Enter and a pasted page runs no command. A paste longer than one read comes as one piece per read;
/// an end marker cut by the end of a read is held until the next.
struct BracketedPaste {
    /// Asks the terminal to mark pastes.
    static let enable = "\u{1B}[?2004h"
    /// Asks the terminal to stop marking pastes (on leaving curses: the shell gets its terminal back as it was).
    static let disable = "\u{1B}[?2004l"

    private static let startMarker = Self.inputs("\u{1B}[200~")
    private static let endMarker = Self.inputs("\u{1B}[201~")

    /// A piece of one read: inputs to decode as keys, or pasted text.
    enum Piece: Equatable {
        case inputs([CursesInput])
        case pasted(String)
    }

    /// True between a start marker and its end marker.
    private(set) var isOpen = false
    /// The beginning of an end marker that the read ended in the middle of.
    private var held: [CursesInput] = []

    /// `inputs` with the pastes in them taken out as text.
    mutating func split(_ inputs: [CursesInput]) -> [Piece] {
        let inputs = held + inputs
        held = []
        var pieces: [Piece] = []
        var keys: [CursesInput] = []
        var pasted = String.UnicodeScalarView()
        var index = 0
        while index < inputs.count {
            if !isOpen, Self.marker(Self.startMarker, at: index, in: inputs) {
                if !keys.isEmpty { pieces.append(.inputs(keys)); keys = [] }
                isOpen = true
                index += Self.startMarker.count
            } else if isOpen, Self.marker(Self.endMarker, at: index, in: inputs) {
                if !pasted.isEmpty { pieces.append(.pasted(String(pasted))); pasted = String.UnicodeScalarView() }
                isOpen = false
                index += Self.endMarker.count
            } else if Self.isCutMarker(isOpen ? Self.endMarker : Self.startMarker, at: index, in: inputs) {
                held = Array(inputs[index...])
                break
            } else {
                if isOpen {
                    if case .character(let value) = inputs[index], let scalar = Unicode.Scalar(value) { pasted.append(scalar) }
                } else {
                    keys.append(inputs[index])
                }
                index += 1
            }
        }
        if !pasted.isEmpty { pieces.append(.pasted(String(pasted))) }
        if !keys.isEmpty { pieces.append(.inputs(keys)) }
        return pieces
    }

    private static func marker(_ marker: [CursesInput], at index: Int, in inputs: [CursesInput]) -> Bool {
        inputs[index] == .escape && index + marker.count <= inputs.count && inputs[index..<index + marker.count].elementsEqual(marker)
    }

    /// True when the inputs from `index` to the end are the beginning of `marker`, cut by the end of the read: at
    /// least `ESC [ 2`, so that a lone Esc pressed last is never held back.
    private static func isCutMarker(_ marker: [CursesInput], at index: Int, in inputs: [CursesInput]) -> Bool {
        let rest = inputs.count - index
        return inputs[index] == .escape && rest >= 3 && rest < marker.count && inputs[index...].elementsEqual(marker.prefix(rest))
    }

    private static func inputs(_ text: String) -> [CursesInput] {
        text.unicodeScalars.map { .character($0.value) }
    }
}

/// What a terminal keeps of bracketed paste from one read of its input to the next.
public struct BracketedPasteState {
    var decoder = BracketedPaste()

    public init() {}
}
