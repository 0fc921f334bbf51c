import Foundation

/// A position on the Earth in degrees (WGS 84), as stores are written in content and as browsers
/// report a visitor's location.
public struct GeoPoint: Sendable, Hashable {
    public var latitude: Double
    public var longitude: Double

    public init(latitude: Double, longitude: Double) {
        self.latitude = latitude
        self.longitude = longitude
    }

    /// The IUGG mean Earth radius. The deals page's script uses the same figure, so the page and
    /// anything computed in Swift agree on which stores are "within 5 km".
    public static let earthRadiusKilometres = 6371.0088

    /// Great-circle distance in kilometres by the haversine formula: accurate to about 0.5% on the
    /// real (slightly flattened) Earth, which is plenty for "which shop is near me", and stable for
    /// short distances where the spherical law of cosines loses precision.
    public func distance(to other: GeoPoint) -> Double {
        let radians = Double.pi / 180
        let phi1 = latitude * radians
        let phi2 = other.latitude * radians
        let deltaPhi = (other.latitude - latitude) * radians
        let deltaLambda = (other.longitude - longitude) * radians
        let a = sin(deltaPhi / 2) * sin(deltaPhi / 2) + cos(phi1) * cos(phi2) * sin(deltaLambda / 2) * sin(deltaLambda / 2)
        let c = 2 * atan2(a.squareRoot(), (1 - a).squareRoot())
        return Self.earthRadiusKilometres * c
    }
}
