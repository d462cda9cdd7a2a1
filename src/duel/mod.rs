//! 7 Wonders Duel (2 players).
