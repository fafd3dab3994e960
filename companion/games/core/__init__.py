"""What every game's engine shares: problems, the game entry a game registers, document schemas."""
