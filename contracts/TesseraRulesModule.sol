// SPDX-License-Identifier: GPL-3.0-or-later
pragma solidity 0.8.28;

/// The parts of the T-REX 4.1.6 contracts this module reads (ModularCompliance, Token,
/// IdentityRegistry); declared here so the module compiles alone.
interface IComplianceBound {
    function getTokenBound() external view returns (address);
}

interface ITokenReads {
    function identityRegistry() external view returns (address);
    function balanceOf(address account) external view returns (uint256);
    function totalSupply() external view returns (uint256);
}

interface IRegistryReads {
    function investorCountry(address wallet) external view returns (uint16);
}

/// @title Tessera's transfer rules as a T-REX compliance module (the IModule interface of
/// ModularCompliance): receiver countries allowed or blocked, a maximum balance per wallet and a
/// supply cap on minting. Exempt wallets (the platform treasury and the token's issuer) receive
/// whatever the country and balance rules say, so the go-live allocations cannot be refused; the
/// supply cap binds them too. One deployment serves every token: rules are kept per compliance, set
/// only by the compliance itself (its owner calls `callModuleFunction(setRules, module)`), all at
/// once so a change never leaves half a rule set on chain. Balances and supply are read from the
/// token, so the module keeps no balances and binds to a token that already has holders.
contract TesseraRulesModule {
    struct Rules {
        bool onlyAllowedCountries;
        uint16[] allowedCountries;
        uint16[] blockedCountries;
        /// base units; 0 is no limit
        uint256 maxBalance;
        /// base units; 0 is no cap
        uint256 supplyCap;
        /// receivers exempt from the country and maximum balance rules
        address[] exemptWallets;
    }

    uint8 private constant ALLOWED = 1;
    uint8 private constant BLOCKED = 2;

    mapping(address => bool) private _bound;
    mapping(address => Rules) private _rules;
    mapping(address => mapping(uint16 => uint8)) private _countryStatus;
    mapping(address => mapping(address => bool)) private _exempt;

    event ComplianceBound(address indexed _compliance);
    event ComplianceUnbound(address indexed _compliance);
    event RulesSet(address indexed _compliance);

    modifier onlyBoundCompliance() {
        require(_bound[msg.sender], "only bound compliance can call");
        _;
    }

    function bindCompliance(address _compliance) external {
        require(msg.sender == _compliance, "only compliance contract can call");
        require(!_bound[_compliance], "compliance already bound");
        _bound[_compliance] = true;
        emit ComplianceBound(_compliance);
    }

    function unbindCompliance(address _compliance) external onlyBoundCompliance {
        require(msg.sender == _compliance, "only compliance contract can call");
        _clearCountries(_compliance);
        delete _rules[_compliance];
        _bound[_compliance] = false;
        emit ComplianceUnbound(_compliance);
    }

    /// Replaces the calling compliance's rules. A country may not be both allowed and blocked.
    function setRules(
        bool onlyAllowedCountries,
        uint16[] calldata allowedCountries,
        uint16[] calldata blockedCountries,
        uint256 maxBalance,
        uint256 supplyCap,
        address[] calldata exemptWallets
    ) external onlyBoundCompliance {
        _clearCountries(msg.sender);
        mapping(address => bool) storage exempt = _exempt[msg.sender];
        for (uint256 i = 0; i < exemptWallets.length; i++) exempt[exemptWallets[i]] = true;
        mapping(uint16 => uint8) storage status = _countryStatus[msg.sender];
        for (uint256 i = 0; i < allowedCountries.length; i++) status[allowedCountries[i]] = ALLOWED;
        for (uint256 i = 0; i < blockedCountries.length; i++) {
            require(status[blockedCountries[i]] != ALLOWED, "country both allowed and blocked");
            status[blockedCountries[i]] = BLOCKED;
        }
        _rules[msg.sender] = Rules(
            onlyAllowedCountries,
            allowedCountries,
            blockedCountries,
            maxBalance,
            supplyCap,
            exemptWallets
        );
        emit RulesSet(msg.sender);
    }

    function rulesOf(address _compliance) external view returns (Rules memory) {
        return _rules[_compliance];
    }

    function moduleCheck(
        address _from,
        address _to,
        uint256 _value,
        address _compliance
    ) external view returns (bool) {
        Rules storage rules = _rules[_compliance];
        ITokenReads token = ITokenReads(IComplianceBound(_compliance).getTokenBound());
        if (_from == address(0) && rules.supplyCap != 0 && token.totalSupply() + _value > rules.supplyCap)
            return false;
        if (_exempt[_compliance][_to]) return true;
        if (rules.onlyAllowedCountries || rules.blockedCountries.length > 0) {
            uint16 country = IRegistryReads(token.identityRegistry()).investorCountry(_to);
            uint8 status = _countryStatus[_compliance][country];
            if (status == BLOCKED) return false;
            if (rules.onlyAllowedCountries && status != ALLOWED) return false;
        }
        if (rules.maxBalance != 0 && token.balanceOf(_to) + _value > rules.maxBalance) return false;
        return true;
    }

    // The module keeps no state that follows transfers: balances and supply are read from the token.
    function moduleTransferAction(address, address, uint256) external view onlyBoundCompliance {}

    function moduleMintAction(address, uint256) external view onlyBoundCompliance {}

    function moduleBurnAction(address, uint256) external view onlyBoundCompliance {}

    function isComplianceBound(address _compliance) external view returns (bool) {
        return _bound[_compliance];
    }

    function canComplianceBind(address) external pure returns (bool) {
        return true;
    }

    function isPlugAndPlay() external pure returns (bool) {
        return true;
    }

    function name() external pure returns (string memory) {
        return "TesseraRulesModule";
    }

    function _clearCountries(address _compliance) private {
        Rules storage rules = _rules[_compliance];
        mapping(uint16 => uint8) storage status = _countryStatus[_compliance];
        for (uint256 i = 0; i < rules.allowedCountries.length; i++) delete status[rules.allowedCountries[i]];
        for (uint256 i = 0; i < rules.blockedCountries.length; i++) delete status[rules.blockedCountries[i]];
        mapping(address => bool) storage exempt = _exempt[_compliance];
        for (uint256 i = 0; i < rules.exemptWallets.length; i++) delete exempt[rules.exemptWallets[i]];
    }
}
