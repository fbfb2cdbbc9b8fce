import AppConfig
import AppCore
import XCTest

/// The key names a config file may use.
final class KeyNameTests: XCTestCase {
    func testTheNameTable() {
        let table: [(String, Key)] = [
            ("j", .character("j")), ("G", .character("G")), ("?", .character("?")), ("/", .character("/")),
            (" ", .character(" ")), ("Space", .character(" ")), ("é", .character("é")),
            ("Up", .up), ("down", .down), ("LEFT", .left), ("Right", .right),
            ("PgUp", .pageUp), ("PageUp", .pageUp), ("PgDn", .pageDown), ("pagedown", .pageDown),
            ("Home", .home), ("End", .end), ("Enter", .enter), ("Return", .enter),
            ("Esc", .escape), ("Escape", .escape), ("Backspace", .backspace), ("Delete", .delete), ("Del", .delete),
            ("Tab", .tab), ("F1", .function(1)), ("f12", .function(12)),
            ("C-x", .control("x")), ("Ctrl-x", .control("x")), ("ctrl-U", .control("u")), ("Ctrl+w", .control("w")),
            ("C-h", .backspace), ("C-i", .tab), ("C-m", .enter), ("C-j", .enter), ("C-[", .escape),
        ]
        for (name, key) in table {
            XCTAssertEqual(KeyName.parse(name), key, "\"\(name)\"")
        }
    }

    func testNamesThatAreNoKey() {
        for name in ["", "F0", "F13", "Ctl-x", "C-", "C-xy", "C-1", "jk", "\t", "\n", "\u{1B}", "Up Down", "Pg Up"] {
            XCTAssertNil(KeyName.parse(name), "\"\(name.debugDescription)\" must be rejected")
        }
    }

    func testEveryHelpLabelReadsBack() {
        var keys = Keymap.standard.bindings.flatMap(\.keys)
        keys += [.control("u"), .function(5), .backspace, .delete, .tab, .character("é")]
        for key in keys {
            XCTAssertEqual(KeyName.parse(KeyName.name(of: key)), key, "\(KeyName.name(of: key))")
        }
    }
}
