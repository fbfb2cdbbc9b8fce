/// A key press as the app core sees it, independent of curses key codes.
public enum Key: Hashable, Sendable {
    /// A printable character (including space).
    case character(Character)
    /// Ctrl plus a letter, e.g. `.control("u")` for Ctrl-U.
    case control(Character)
    case up, down, left, right
    case pageUp, pageDown, home, end
    case enter, escape, backspace, delete, tab
    /// A function key F1…F12.
    case function(Int)
    /// A mouse wheel turn or click (when the terminal reports the mouse and `mouse` is not off).
    case mouse(MouseEvent)
    /// Text the terminal marked as pasted (bracketed paste): typed into an open prompt as one block, its newlines
    /// and tabs as spaces, so a pasted line never submits; with no prompt open it runs no command.
    case paste(String)
}

/// A mouse event at a screen cell (row 0 is the top line).
public struct MouseEvent: Hashable, Sendable {
    /// What the mouse did.
    public enum Kind: Hashable, Sendable {
        case wheelUp, wheelDown, click, doubleClick
    }

    public var kind: Kind
    public var row: Int
    public var column: Int

    public init(_ kind: Kind, row: Int, column: Int) {
        self.kind = kind
        self.row = row
        self.column = column
    }
}
