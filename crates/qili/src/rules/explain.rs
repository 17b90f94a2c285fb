//! Explanations in Chinese and English, generated from the engine's data.
