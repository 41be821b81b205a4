"""OfficeBot's tests. Shared helpers live in tests/support/; pytest rewrites their asserts too."""

import pytest

pytest.register_assert_rewrite("tests.support")
