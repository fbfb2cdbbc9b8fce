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
}
