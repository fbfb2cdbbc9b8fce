import Foundation
import TOMLKit

/// The settings that name a server or an application: `api_base_url`, and `stackterm login`'s `client_id` and
/// `auth_url`.
extension ConfigReader {
    mutating func baseURL(_ value: TOMLValueConvertible) -> URL? {
        address(value, key: "api_base_url", SettingRules.baseURL, "an http(s) URL such as https://api.stackexchange.com/2.3")
    }

    /// The Client Id as a string or a bare integer (Stack Apps shows a number, e.g. `client_id = 12345`); empty is none.
    mutating func clientID(_ value: TOMLValueConvertible) -> String? {
        if let number = value.int { return String(number) }
        guard let text = value.string else {
            fail(["client_id"], .wrongType(key: "client_id", expected: "a string or an integer", found: Self.describe(value)))
            return nil
        }
        let trimmed = text.trimmingCharacters(in: .whitespaces)
        return trimmed.isEmpty ? nil : trimmed
    }

    mutating func authURL(_ value: TOMLValueConvertible) -> URL? {
        address(value, key: "auth_url", SettingRules.authURL, "an http(s) address such as https://stackoverflow.com/oauth/dialog")
    }

    /// The address at `key` when `rule` accepts it; otherwise an error quoting it: "… is not `kind`".
    private mutating func address(_ value: TOMLValueConvertible, key: String, _ rule: (String) -> URL?, _ kind: String) -> URL? {
        guard let text = string(value, at: [key]) else { return nil }
        guard let url = rule(text) else {
            fail([key], .badValue(key: key, reason: "\"\(text)\" is not \(kind)"))
            return nil
        }
        return url
    }
}
