@testable import TeXMath
import XCTest

/// `TextColumns` skips the Unicode property lookup in blocks without marks: the widths stay those of the lookup.
final class ColumnsTests: XCTestCase {
    /// The width as counted before the skip: every scalar from 0x300 up asks for its general category.
    private func lookedUp(_ scalar: Unicode.Scalar) -> Int {
        let value = scalar.value
        if value < 0x20 || (value >= 0x7F && value < 0xA0) { return 0 }
        if value < 0x300 { return 1 }
        switch scalar.properties.generalCategory {
        case .nonspacingMark, .enclosingMark, .format: return 0
        default: break
        }
        switch value {
        case 0x1100...0x115F, 0x2E80...0x303E, 0x3041...0x33FF, 0x3400...0x4DBF, 0x4E00...0x9FFF, 0xA000...0xA4CF,
             0xAC00...0xD7A3, 0xF900...0xFAFF, 0xFE30...0xFE4F, 0xFF00...0xFF60, 0xFFE0...0xFFE6,
             0x1F300...0x1F64F, 0x1F900...0x1F9FF, 0x20000...0x3FFFD:
            return 2
        default:
            return 1
        }
    }

    func testEveryScalarKeepsItsWidth() {
        for value in UInt32(0)...0x10FFFF {
            guard let scalar = Unicode.Scalar(value) else { continue }
            let width = TextColumns.width(scalar)
            if width != lookedUp(scalar) {
                XCTFail("U+\(String(value, radix: 16, uppercase: true)): \(width) vs \(lookedUp(scalar))")
            }
        }
    }

    func testTrimmingKeepsASpaceThatCarriesAMark() {
        XCTAssertEqual(MathRenderer.trimmed("  x + y  "), "x + y")
        XCTAssertEqual(MathRenderer.trimmed("x"), "x")
        XCTAssertEqual(MathRenderer.trimmed(" \u{301}x \u{301}"), " \u{301}x \u{301}")
        XCTAssertEqual(MathRenderer.trimmedEnd("│ a  "), "│ a")
        XCTAssertEqual(MathRenderer.trimmedEnd("   "), "")
    }
}
