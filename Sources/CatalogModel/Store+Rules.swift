/// The rules of one entry of a promotion's `stores` list, kept as values so the validator and the
/// JSON Schemas read the same limits.
extension Store {
    /// Keys a store entry may have, in the order they are documented.
    public static let keys = ["name", "address", "latitude", "longitude"]
    /// Keys a store entry must have.
    public static let requiredKeys = ["name", "latitude", "longitude"]
    /// What each key is for, as the JSON Schemas and the README's key tables say it.
    public static let summaries = [
        "name": "shop name", "address": "street address, shown as written", "latitude": "degrees north (negative: south)",
        "longitude": "degrees east (negative: west)",
    ]
    public static let nameLength = 1...200
    /// Degrees either side of zero.
    public static let latitudeLimit = 90.0
    public static let longitudeLimit = 180.0

    /// Where the store is, for distances.
    public var point: GeoPoint { GeoPoint(latitude: latitude, longitude: longitude) }
}
