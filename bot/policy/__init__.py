"""The leave policy: what the Labour Standards Act (근로기준법) gives, and later the company's settings."""
