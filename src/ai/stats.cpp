#include "ai/stats.h"

#include <algorithm>
#include <cmath>

namespace bgb::ai {

namespace {

// Mean and (population) variance of outcomes with the given counts and values.
template <size_t N>
void moments(const std::array<double, N>& count, const std::array<double, N>& value, double& n, double& mean,
             double& var) {
  n = 0;
  mean = 0;
  for (size_t i = 0; i < N; ++i) {
    n += count[i];
    mean += count[i] * value[i];
  }
  var = 0;
  if (n <= 0) return;
  mean /= n;
  for (size_t i = 0; i < N; ++i) var += count[i] * (value[i] - mean) * (value[i] - mean);
  var /= n;
}

// The interval is taken around the Agresti-Coull-adjusted counts: z^2/2 pseudo-observations at
// each extreme (value 0 and value 1), so that a sweep or a run of identical results does not give
// a zero-width interval; the reported score is the plain mean.
template <size_t N>
ScoreInterval interval(const std::array<double, N>& count, const std::array<double, N>& value, double z) {
  ScoreInterval r;
  double n, mean, var;
  moments(count, value, n, mean, var);
  r.n = long(n + 0.5);
  if (n <= 0) return r;
  r.score = mean;
  std::array<double, N> adj = count;
  for (size_t i = 0; i < N; ++i)
    if (value[i] == 0 || value[i] == 1) adj[i] += z * z / 2;
  double an, amean, avar;
  moments(adj, value, an, amean, avar);
  r.stderr_ = std::sqrt(avar / an);
  r.lo = std::clamp(amean - z * r.stderr_, 0.0, mean);
  r.hi = std::clamp(amean + z * r.stderr_, mean, 1.0);
  return r;
}

// The counts get a prior of one pseudo-observation split between the extremes (half at value 0,
// half at value 1): without it a few identical results have a near-zero variance and the LLR
// leaps past a bound after a single pair.
template <size_t N>
double gsprt_llr(std::array<double, N> count, const std::array<double, N>& value, double elo0, double elo1) {
  double total = 0;
  for (double c : count) total += c;
  if (total <= 0) return 0;
  for (size_t i = 0; i < N; ++i)
    if (value[i] == 0 || value[i] == 1) count[i] += 0.5;
  double n, mean, var;
  moments(count, value, n, mean, var);
  if (var <= 0) return 0;
  const double s0 = score_from_elo(elo0), s1 = score_from_elo(elo1);
  return n * (s1 - s0) * (2 * mean - s0 - s1) / (2 * var);
}

constexpr std::array<double, 5> kPairValues = {0, 0.25, 0.5, 0.75, 1};
constexpr std::array<double, 3> kGameValues = {1, 0.5, 0};

std::array<double, 5> to_double(const Pentanomial& p) {
  return {double(p[0]), double(p[1]), double(p[2]), double(p[3]), double(p[4])};
}

}  // namespace

ScoreInterval score_interval_pentanomial(const Pentanomial& p, double z) {
  return interval(to_double(p), kPairValues, z);
}

ScoreInterval score_interval_trinomial(long wins, long draws, long losses, double z) {
  return interval(std::array<double, 3>{double(wins), double(draws), double(losses)}, kGameValues, z);
}

double elo_from_score(double score) {
  const double s = std::clamp(score, kScoreClamp, 1 - kScoreClamp);
  return 0.0 - 400.0 * std::log10(1.0 / s - 1.0);  // 0.0 - x: no -0 at 0.5
}

double score_from_elo(double elo) { return 1.0 / (1.0 + std::pow(10.0, -elo / 400.0)); }

EloInterval elo_interval(const ScoreInterval& s) {
  return EloInterval{elo_from_score(s.score), elo_from_score(s.lo), elo_from_score(s.hi)};
}

SprtBounds sprt_bounds(double alpha, double beta) {
  return SprtBounds{std::log(beta / (1 - alpha)), std::log((1 - beta) / alpha)};
}

double sprt_llr_pentanomial(const Pentanomial& p, double elo0, double elo1) {
  return gsprt_llr(to_double(p), kPairValues, elo0, elo1);
}

double sprt_llr_trinomial(long wins, long draws, long losses, double elo0, double elo1) {
  return gsprt_llr(std::array<double, 3>{double(wins), double(draws), double(losses)}, kGameValues, elo0, elo1);
}

std::string sprt_decision(double llr, const SprtBounds& b) {
  if (llr >= b.upper) return "H1";
  if (llr <= b.lower) return "H0";
  return "inconclusive";
}

}  // namespace bgb::ai
