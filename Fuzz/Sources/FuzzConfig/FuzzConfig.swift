import AppConfig
import AppCore
import FuzzSupport

/// Config text (TOML) through `ConfigParser.parse`, then everything the app derives from a parsed file:
/// the remapped keymap, the colour theme and the effective settings. A `ConfigError` is a fine answer.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzConfig(_ bytes: UnsafePointer<UInt8>?, _ count: Int) -> CInt {
    fuzzInput(bytes, count, run)
}

private func run(_ input: UnsafeBufferPointer<UInt8>) {
    let text = String(decoding: input, as: UTF8.self)
    do {
        let config = try ConfigParser.parse(text, file: "fuzz.toml")
        _ = config.keymap()
        _ = config.theme
        _ = EffectiveSettings(commandLine: CommandLineSettings(), environment: [:], config: config)
    } catch {
        _ = error.description
    }
}
