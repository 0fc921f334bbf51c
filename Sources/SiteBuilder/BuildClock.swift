public import CatalogModel
public import Foundation

/// Where "now" comes from: `--clock`, else `SOURCE_DATE_EPOCH` (the reproducible-builds convention), else the wall clock.
public enum BuildClock {
    public static func resolve(option: String?, environment: [String: String] = ProcessInfo.processInfo.environment)
        -> Result<Date, FieldError>
    {
        if let option {
            return Timestamp.parse(option).map(\.date).mapError {
                FieldError("--clock: \($0.message)")
            }
        }
        if let epoch = environment["SOURCE_DATE_EPOCH"], !epoch.isEmpty {
            guard let seconds = Int64(epoch) else {
                return .failure(FieldError("SOURCE_DATE_EPOCH: \"\(epoch)\" is not a number of seconds since 1970; write e.g. 1798761600"))
            }
            return .success(Date(timeIntervalSince1970: TimeInterval(seconds)))
        }
        return .success(Date())
    }
}
