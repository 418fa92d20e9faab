// Statistics of bot matches (architecture.md "Bots": strength is measured). Pure functions.
//
// A match is played in pairs: one seed, two games with the sides swapped. A pair gives the first
// bot (A) 0, 0.5, 1, 1.5 or 2 points: the pentanomial counts. Scoring pairs rather than games
// removes most of the luck of the seed (scenario side balance, a lucky deal), so the interval
// uses the variance of the pair scores (pentanomial), not of single games (trinomial).
//
// Score: win = 1, draw = 0.5, loss = 0. Elo: the logistic model, Elo = -400 log10(1/score - 1),
// with the score clamped to [kScoreClamp, 1 - kScoreClamp] so that a sweep gives a finite figure.
// SPRT: the generalised SPRT of fishtest (Van den Bergh), the normal approximation of the log
// likelihood ratio of H1 (Elo = elo1) against H0 (Elo = elo0) from the mean and variance of the
// pair scores: LLR = n (s1 - s0) (2 mean - s0 - s1) / (2 var), s0, s1 the scores of elo0, elo1.
#pragma once
#include <array>
#include <string>

namespace bgb::ai {

constexpr double kScoreClamp = 0.001;  // Elo is reported within about +-1200
constexpr double kZ95 = 1.959963984540054;

// A's points per pair: index k = points * 2 (0: lost both, 1: a loss and a draw, 2: one win each
// or two draws, 3: a win and a draw, 4: won both).
using Pentanomial = std::array<long, 5>;

struct ScoreInterval {
  double score = 0.5;  // mean points per game
  double lo = 0, hi = 1;
  double stderr_ = 0;  // standard error of the score
  long n = 0;          // observations (pairs or games)
};

// Score and 95% interval from the pair results (normal approximation, variance of the pair
// scores), with the Agresti-Coull adjustment: the interval is computed as if z^2/2 (about 1.92)
// more pairs had been lost 0-2 and as many won 2-0, which keeps a sweep from giving a zero-width
// interval and fades away as the pairs grow. No pairs: 0.5 in [0, 1].
ScoreInterval score_interval_pentanomial(const Pentanomial& p, double z = kZ95);
// The same from single games (trinomial: wins, draws, losses; z^2/2 pseudo wins and losses).
ScoreInterval score_interval_trinomial(long wins, long draws, long losses, double z = kZ95);

// Elo difference of a score (clamped as above), and back.
double elo_from_score(double score);
double score_from_elo(double elo);

struct EloInterval {
  double elo = 0, lo = 0, hi = 0;
};
// The Elo of the score and of both ends of its interval.
EloInterval elo_interval(const ScoreInterval& s);

struct SprtBounds {
  double lower = 0, upper = 0;  // accept H0 at LLR <= lower, H1 at LLR >= upper
};
SprtBounds sprt_bounds(double alpha, double beta);

// The GSPRT log likelihood ratio of H1: elo = elo1 against H0: elo = elo0 from pair results.
// The counts get a prior of one pseudo-observation, half a loss and half a win, so that a few
// identical results (a sweep, or mirrored games) neither give a zero variance nor stop the test
// after one pair.
double sprt_llr_pentanomial(const Pentanomial& p, double elo0, double elo1);
// The same from single games (wins, draws, losses).
double sprt_llr_trinomial(long wins, long draws, long losses, double elo0, double elo1);

// "H1", "H0" or "inconclusive".
std::string sprt_decision(double llr, const SprtBounds& b);

}  // namespace bgb::ai
