public import CatalogModel

extension CheckoutRoute {
    /// A buyer's review form for one order line, and where it is sent. Declared beside the service
    /// rather than in the model: only the service and `vitrine reviews links` make these links;
    /// the site never does.
    public static let reviewForm = serviceRoute("GET", "reviews/:token")
    public static let reviewSubmit = serviceRoute("POST", "reviews/:token")

    /// Every route the service answers: the model's and the review form's. The OpenAPI document
    /// lists exactly these.
    public static let service: [CheckoutRoute] = all + [reviewForm, reviewSubmit]

    /// The model's struct has no public initializer; a copy of one of its routes, re-pointed, is one.
    private static func serviceRoute(_ method: String, _ pattern: String) -> CheckoutRoute {
        var route = CheckoutRoute.health
        route.method = method
        route.pattern = pattern
        return route
    }
}
