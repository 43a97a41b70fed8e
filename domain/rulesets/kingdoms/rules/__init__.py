"""Pure rules of the kingdoms game over content records: strength, battles, characters, spies, monsters, offices."""
