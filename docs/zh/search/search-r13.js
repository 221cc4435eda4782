(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-r13.js"]=[["diffusion/ddim/index.html","去噪扩散隐式模型（DDIM）","DDIMSampler.sample-5","采样","","x"]];
