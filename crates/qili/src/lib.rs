//! Qili: Xiangqi rules.
