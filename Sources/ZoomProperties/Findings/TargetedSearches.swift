import MercatorCore
import PropertyCheck

/// Targeted search (`CaseContext.target`) against the exhaustive surveys: for each of three
/// worst cases, the largest value a targeted run finds with at most 1/100 of the survey's
/// evaluations, beside the survey's own worst.
package enum TargetedSearches {
    /// The seed of the targeted runs unless one is given (the catalogue's default), so the
    /// report's figures are fixed.
    package static let defaultSeed = Seed.default.rawValue
    /// Share of each run's cases spent hill-climbing (the rest random): three quarters, which
    /// reached 99% of the float32 survey's worst for 15 of 16 seeds tried (half: 13 of 16).
    package static let targetingShare = 0.75
    /// The arc between the two fitted points, in degrees of longitude.
    package static let fitArc = 60.0

    /// The three comparisons: float32 pixel error, getter level error, fit longitude delta. The
    /// default seed's are run once per process and kept (`zoomcheck report --html` prints them
    /// twice, as text and as a table).
    package static func all(seed: UInt64 = defaultSeed) -> [TargetedComparison] {
        seed == defaultSeed ? standard : comparisons(seed: seed)
    }

    /// The default seed's comparisons, run on first use.
    static let standard = comparisons(seed: defaultSeed)

    static func comparisons(seed: UInt64) -> [TargetedComparison] {
        [singlePrecision(seed: seed), getterLevel(seed: seed), fitLongitudeDelta(seed: seed)]
    }

    /// Runs a measuring property (it never fails) with `budget` cases, `targetingShare` of them targeted,
    /// and returns its best score, where it was reached, and the evaluations used.
    static func target<Value: Sendable>(
        seed: UInt64, _ name: String, _ generator: Gen<Value>, budget: Int,
        describe: @escaping @Sendable (Value) -> String, score: @escaping @Sendable (Value) -> Double
    ) -> TargetedRun {
        let property = Property(name, generator, describe: describe) { (value: Value, context: CaseContext) in
            context.target(score(value))
        }
        var configuration = RunConfiguration(
            settings: RunSettings(seed: Seed(seed), caseCount: budget), savesFailures: false)
        configuration.targetingShare = targetingShare
        guard case .passed(let report) = property.run(configuration).result, let best = report.targets.first else {
            return TargetedRun(best: .nan, at: "?", evaluations: 0, evaluationOfBest: 0)
        }
        return TargetedRun(
            best: best.score, at: best.counterexample, evaluations: report.generatedCases + report.targetedCases,
            evaluationOfBest: best.evaluation)
    }

    /// (a) The seed's single-precision y against the exact y, seed512 px at zoom 20, over
    /// latitudes 0 to the Mercator limit; the reference is `SinglePrecisionSurvey.measure()`.
    package static func singlePrecision(seed: UInt64 = defaultSeed) -> TargetedComparison {
        let survey = SinglePrecisionSurvey.measure()
        let world = ZoomConvention.seed512.worldWidth(atZoom: 20)
        let found = target(
            seed: seed, "float32 pixel error", Gen.double(in: 0...MercatorMath.latitudeLimit).named("latitude"),
            budget: survey.sampleCount / 100, describe: { "latitude \(NumberText.shortest($0))°" }
        ) { latitude in
            abs(SeedPort.latitudeToPixelSpaceY(latitude) - SpanReference.y(latitude: latitude, world: world))
        }
        return TargetedComparison(
            quantity: "float32 path's worst y error (seed512 px at zoom 20, absolute)",
            survey: "SinglePrecisionSurvey.measure(), step 0.0001°", surveyWorst: survey.worstError,
            surveyWhere: "latitude \(NumberText.shortest(survey.worstLatitude))°",
            surveyEvaluations: survey.sampleCount, found: found)
    }

    /// (b) The seed getter's reading before its rounding minus the zoom set with the seed's
    /// setter (levels; 1 is the hidden ×2), over viewport widths 1...4096 pt and zooms 0...28.
    /// The reference is `ZoomSurveys.getterLevelErrorSurvey()`: the report's own zoom survey
    /// has 9 widths × 29 zooms = 261 evaluations, too few for 1/100 of them to mean anything.
    package static func getterLevel(seed: UInt64 = defaultSeed) -> TargetedComparison {
        let survey = ZoomSurveys.getterLevelErrorSurvey()
        let generator = Gen.zip(Gen.int(in: 1...4096).named("width (pt)"), Gen.int(in: 0...28).named("zoom"))
        let found = target(
            seed: seed, "getter level error", generator, budget: survey.evaluations / 100,
            describe: { "width \($0.0) pt, zoom \($0.1)" }
        ) { width, zoom in ZoomSurveys.getterLevelError(width: Double(width), zoom: zoom) }
        return TargetedComparison(
            quantity: "seed getter's worst level error (reading before rounding − zoom set, levels)",
            survey: "widths 1...4096 pt × zooms 0...28", surveyWorst: survey.worst,
            surveyWhere: "width \(NumberText.shortest(survey.width)) pt, zoom \(survey.zoom)",
            surveyEvaluations: survey.evaluations, found: found)
    }

    /// (c) The seed's fitted longitude delta for two equatorial points `fitArc` degrees of
    /// longitude apart, over the western point's longitude; the reference is
    /// `FitSurveys.arcLongitudeDeltaSurvey(arc:)`.
    package static func fitLongitudeDelta(seed: UInt64 = defaultSeed) -> TargetedComparison {
        let survey = FitSurveys.arcLongitudeDeltaSurvey(arc: fitArc)
        let found = target(
            seed: seed, "fit longitude delta", Gen.double(in: -180...180).named("western longitude"),
            budget: survey.evaluations / 100,
            describe: {
                """
                points at longitudes \(NumberText.shortest($0)) and \
                \(NumberText.shortest(FitSurveys.wrap($0 + fitArc)))
                """
            }
        ) { west in FitSurveys.seedLongitudeDelta(west: west, arc: fitArc) }
        return TargetedComparison(
            quantity: "seed fit's largest longitude delta for points \(NumberText.shortest(fitArc))° apart (degrees)",
            survey: "western longitude −180...180 step 0.001°", surveyWorst: survey.worst,
            surveyWhere: "western longitude \(NumberText.shortest(survey.west))°",
            surveyEvaluations: survey.evaluations, found: found)
    }
}

/// What one targeted run found: its best score, where, the evaluations it used and the one
/// at which the best was first reached.
struct TargetedRun {
    var best: Double
    var at: String
    var evaluations: Int
    var evaluationOfBest: Int
}

/// One targeted search beside the survey it is compared with.
package struct TargetedComparison: Sendable, Hashable {
    /// What is maximised, with its unit.
    package var quantity: String
    /// The survey's grid.
    package var survey: String
    package var surveyWorst: Double
    package var surveyWhere: String
    /// Cases the survey evaluates.
    package var surveyEvaluations: Int
    package var targetedBest: Double
    package var targetedWhere: String
    /// Cases the targeted run evaluated (random and targeted; at most 1/100 of the survey's).
    package var targetedEvaluations: Int
    /// The evaluation at which the targeted best was first reached.
    package var evaluationOfBest: Int

    init(
        quantity: String, survey: String, surveyWorst: Double, surveyWhere: String, surveyEvaluations: Int,
        found: TargetedRun
    ) {
        self.quantity = quantity
        self.survey = survey
        self.surveyWorst = surveyWorst
        self.surveyWhere = surveyWhere
        self.surveyEvaluations = surveyEvaluations
        targetedBest = found.best
        targetedWhere = found.at
        targetedEvaluations = found.evaluations
        evaluationOfBest = found.evaluationOfBest
    }

    /// The targeted best as a share of the survey's worst.
    package var fractionOfSurveyWorst: Double { targetedBest / surveyWorst }
    /// The targeted run's evaluations as a share of the survey's.
    package var shareOfSurveyEvaluations: Double { Double(targetedEvaluations) / Double(surveyEvaluations) }

    /// One report line.
    package var line: String {
        """
        \(quantity): targeted \(NumberText.shortest(targetedBest)) at \(targetedWhere) in \(targetedEvaluations) \
        evaluations (best at evaluation \(evaluationOfBest)); 
        """ + "survey \(NumberText.shortest(surveyWorst)) at \(surveyWhere) in \(surveyEvaluations) evaluations; " + """
            \(percent(fractionOfSurveyWorst)) of the survey's worst with \(percent(shareOfSurveyEvaluations)) of \
            its evaluations
            """
    }

    /// A share as a percentage with two decimals ("99.5%").
    package func percent(_ share: Double) -> String { NumberText.shortest((share * 10_000).rounded() / 100) + "%" }
}
