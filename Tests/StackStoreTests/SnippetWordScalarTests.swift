@testable import StackStore
import XCTest

/// The snippets' word test answers ASCII by ranges: it must say what Unicode's properties say for every ASCII
/// character, and still ask Unicode for the rest.
final class SnippetWordScalarTests: XCTestCase {
    func testEveryASCIICharacterIsAWordCharacterExactlyWhenUnicodeSaysSo() {
        for value in UInt32(0)...0x7F {
            let scalar = Unicode.Scalar(value)!
            let unicode = scalar.properties.isAlphabetic || scalar.properties.numericType != nil
            XCTAssertEqual(Snippets.isWordScalar(scalar), unicode, "U+\(String(value, radix: 16))")
        }
    }

    func testLettersAndDigitsPastASCIIAreWordCharactersAndPunctuationIsNot() {
        for word in ["é", "ß", "я", "中", "٣", "Ⅻ"] {
            XCTAssertTrue(Snippets.isWordScalar(word.unicodeScalars.first!), word)
        }
        for other in ["—", "«", "€", "\u{00A0}", "…"] {
            XCTAssertFalse(Snippets.isWordScalar(other.unicodeScalars.first!), other)
        }
    }
}
